#!/usr/bin/env bash
# Checks `make install` of the C library as a packager uses it:
#  1. `make install PREFIX=<dir>` puts the headers in include/, libxiangqi.a and libxiangqi.so in lib/, the
#     pkg-config file in lib/pkgconfig/, the CMake package in lib/cmake/xiangqi/ and the licences in
#     share/doc/xiangqi/; the versions in the header, the .pc file and the CMake package are the crate's;
#  2. the CMake consumer (tests/cmake) builds with find_package against that copy alone, and runs, linked
#     statically and dynamically; so do pkg-config compiles (shared and static) and the C example on the
#     xiangqi-ffi crate's front page;
#  3. a staged install (`make install PREFIX=/usr DESTDIR=<dir>`) lays the same files out as a distribution
#     does, the libraries in the multiarch directory where the system has one.
# Usage: check_c_install.sh VERSION (run from the project root; MAKE and CC from the environment).
set -euo pipefail

version=$1
make=${MAKE:-make} cc=${CC:-cc}
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/xiangqi-c-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

fail() { echo "check_c_install: FAILED: $*" >&2; exit 1; }

# The installed files under a prefix, LIBDIR given (lib or lib/<multiarch>).
check_layout() {
  local prefix=$1 libdir=$2
  for file in include/xiangqi.h include/xiangqi.hpp "$libdir/libxiangqi.a" "$libdir/libxiangqi.so" \
              "$libdir/pkgconfig/xiangqi.pc" "$libdir/cmake/xiangqi/xiangqiConfig.cmake" \
              "$libdir/cmake/xiangqi/xiangqiConfigVersion.cmake" share/doc/xiangqi/LICENSE-MIT \
              share/doc/xiangqi/LICENSE-APACHE; do
    [ -f "$prefix/$file" ] || fail "no $file under $prefix"
  done
  grep -q "^#define XQ_VERSION_STRING \"$version\"" "$prefix/include/xiangqi.h" || fail "header version"
  grep -q "^Version: $version\$" "$prefix/$libdir/pkgconfig/xiangqi.pc" || fail "pkg-config version"
  grep -q "\"$version\"" "$prefix/$libdir/cmake/xiangqi/xiangqiConfigVersion.cmake" || fail "CMake version"
  # grep reads the whole list (with -q it would stop early and, under pipefail, nm's broken pipe would fail).
  nm -D --defined-only "$prefix/$libdir/libxiangqi.so" | grep ' T xq_position_new$' > /dev/null \
    || fail "libxiangqi.so does not export xq_position_new"
  echo "installed layout under $prefix ($libdir) is complete"
}

echo "== make install PREFIX=$scratch/prefix"
"$make" -s install PREFIX="$scratch/prefix" > /dev/null
prefix=$scratch/prefix
check_layout "$prefix" lib

echo "== the CMake consumer against the installed copy"
# The source tree is out of reach: the consumer is copied out and finds xiangqi through the prefix alone.
cp -r tests/cmake "$scratch/consumer"
cmake -S "$scratch/consumer" -B "$scratch/consumer-build" -DXIANGQI_CONSUME=find_package \
  -DCMAKE_PREFIX_PATH="$prefix" > "$scratch/consumer-configure.log"
cmake --build "$scratch/consumer-build" > /dev/null
for program in consumer_c consumer_cpp consumer_shared; do "$scratch/consumer-build/$program" > /dev/null; done
ldd "$scratch/consumer-build/consumer_shared" | grep "$prefix/lib/libxiangqi.so" > /dev/null \
  || fail "consumer_shared does not load the installed libxiangqi.so"
echo "consumer_c, consumer_cpp and consumer_shared built with find_package(xiangqi) and ran"

echo "== pkg-config against the installed copy"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
pkg-config --exists --print-errors "xiangqi = $version"
libdir=$(pkg-config --variable=libdir xiangqi)
[ "$(realpath "$libdir")" = "$(realpath "$prefix/lib")" ] || fail "pkg-config libdir is $libdir"
# shellcheck disable=SC2046
"$cc" -std=c99 "$scratch/consumer/consumer.c" $(pkg-config --cflags --libs xiangqi) -Wl,-rpath,"$libdir" \
  -o "$scratch/pkg_config_shared"
"$scratch/pkg_config_shared" > /dev/null
# shellcheck disable=SC2046
"$cc" -std=c99 "$scratch/consumer/consumer.c" $(pkg-config --cflags xiangqi) "$libdir/libxiangqi.a" \
  $(pkg-config --static --libs-only-l xiangqi | sed 's/-lxiangqi//') -o "$scratch/pkg_config_static"
"$scratch/pkg_config_static" > /dev/null
echo "pkg-config compiles, shared and static, ran"
# The C example on the xiangqi-ffi crate's front page, against the installed copy.
sed -n '/^\/\/! ```c$/,/^\/\/! ```$/{/```/d;s|^//! \{0,1\}||;p}' xiangqi-ffi/src/lib.rs > "$scratch/front_page.c"
[ -s "$scratch/front_page.c" ] || fail "no C example on the front page of xiangqi-ffi/src/lib.rs"
# shellcheck disable=SC2046
"$cc" -std=c99 -Wall -Wextra -Werror "$scratch/front_page.c" $(pkg-config --cflags --libs xiangqi) \
  -Wl,-rpath,"$libdir" -o "$scratch/front_page"
"$scratch/front_page" | grep '^45 replies to rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b' > /dev/null \
  || fail "the front page's C example printed something else"
echo "the C example of the xiangqi-ffi front page builds and runs"
unset PKG_CONFIG_PATH

echo "== staged install: make install PREFIX=/usr DESTDIR=$scratch/stage"
"$make" -s install PREFIX=/usr DESTDIR="$scratch/stage" > /dev/null
pc=$(cd "$scratch/stage/usr" && find . -name xiangqi.pc -path '*/pkgconfig/*')
[ "$(wc -l <<< "$pc")" -eq 1 ] && [ -n "$pc" ] || fail "expected one staged xiangqi.pc, found: $pc"
staged_libdir=$(dirname "$(dirname "${pc#./}")")
# The distribution's library directory is where the compiler finds the C library.
system_libdir=$(dirname "$(realpath "$("$cc" -print-file-name=libc.so)")")
[ "$(realpath "/usr/$staged_libdir")" = "$system_libdir" ] \
  || fail "the staged libraries went to /usr/$staged_libdir, the system's are in $system_libdir"
check_layout "$scratch/stage/usr" "$staged_libdir"
# The .pc file finds its prefix from its own place, so the staged copy resolves to the staged tree.
[ "$(PKG_CONFIG_PATH=$scratch/stage/usr/$staged_libdir/pkgconfig pkg-config --variable=includedir xiangqi)" \
  -ef "$scratch/stage/usr/include" ] || fail "the staged .pc file does not point at the staged headers"
echo "check_c_install: the C library installs where a distribution expects it and is usable from there"
