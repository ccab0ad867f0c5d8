//! Notation throughput: every legal move of every position of the first 50 bundled wukong games, written
//! and read in ICCS, WXF and Chinese notation. Run with `cargo bench -p xiangqi-core --bench notation`;
//! criterion reports moves per second (elements/s).

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xiangqi_core::chinese::{self, ChineseStyle};
use xiangqi_core::wxf::{self, WxfStyle};
use xiangqi_core::{iccs_one_based, notation, Move, Notation, Position};

const GAMES: usize = 50;

/// A writer under test.
type Writer<'a> = &'a dyn Fn(&Position, Move) -> String;

/// The texts of every legal move, position by position.
type Texts = Vec<Vec<String>>;

/// The positions of the first `GAMES` games of the bundled file, with their legal moves.
fn sample() -> Vec<(Position, Vec<Move>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/data/wukong/Hu_Ronghua_1391_UCI_games.pgn");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut sample = Vec::new();
    let mut games = 0;
    let mut pos = Position::default();
    for line in text.lines() {
        if line.starts_with("[Event") {
            games += 1;
            if games > GAMES {
                break;
            }
            pos = Position::default();
        }
        if line.starts_with('[') {
            continue;
        }
        for m in line.split_whitespace().filter_map(|token| token.parse::<Move>().ok()) {
            sample.push((pos.clone(), pos.legal_moves().to_vec()));
            pos = pos.play(m).expect("the bundled games are legal");
        }
    }
    sample
}

/// The texts of every move of the sample in one notation, position by position.
fn texts(sample: &[(Position, Vec<Move>)], write: impl Fn(&Position, Move) -> String) -> Texts {
    sample.iter().map(|(pos, moves)| moves.iter().map(|&m| write(pos, m)).collect()).collect()
}

fn bench_notation(c: &mut Criterion) {
    let sample = sample();
    let moves: usize = sample.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("notation");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_secs(1));

    let traditional = ChineseStyle::TRADITIONAL;
    let writers: [(&str, Writer); 6] = [
        ("iccs", &|_, m| m.to_string()),
        ("iccs-one-based", &|_, m| iccs_one_based::write(m)),
        ("wxf", &wxf::write),
        ("wxf-full-width", &|pos, m| wxf::write_with(pos, m, WxfStyle::WXF_DATABASE)),
        ("chinese", &chinese::write),
        ("chinese-traditional", &|pos, m| chinese::write_with(pos, m, traditional)),
    ];
    for (name, write) in writers {
        group.bench_function(format!("write/{name}"), |b| {
            b.iter(|| {
                for (pos, moves) in &sample {
                    for &m in moves {
                        black_box(write(pos, m));
                    }
                }
            })
        });
    }
    group.bench_function("write_to/wxf (reused buffer)", |b| {
        let mut out = String::with_capacity(16);
        b.iter(|| {
            for (pos, moves) in &sample {
                for &m in moves {
                    out.clear();
                    wxf::write_to(&mut out, pos, m, WxfStyle::DEFAULT);
                    black_box(&out);
                }
            }
        })
    });
    group.bench_function("write_to/chinese (reused buffer)", |b| {
        let mut out = String::with_capacity(16);
        b.iter(|| {
            for (pos, moves) in &sample {
                for &m in moves {
                    out.clear();
                    chinese::write_to(&mut out, pos, m, ChineseStyle::SIMPLIFIED);
                    black_box(&out);
                }
            }
        })
    });

    let iccs = texts(&sample, |_, m| m.to_string());
    let wxf_texts = texts(&sample, wxf::write);
    let chinese_texts = texts(&sample, chinese::write);
    let readers: [(&str, &Texts, Option<Notation>); 6] = [
        ("iccs", &iccs, Some(Notation::Iccs)),
        ("wxf", &wxf_texts, Some(Notation::Wxf)),
        ("chinese", &chinese_texts, Some(Notation::Chinese)),
        ("detect+iccs", &iccs, None),
        ("detect+wxf", &wxf_texts, None),
        ("detect+chinese", &chinese_texts, None),
    ];
    for (name, texts, notation) in readers {
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| {
                for ((pos, _), texts) in sample.iter().zip(texts) {
                    for text in texts {
                        let m = match notation {
                            Some(n) => notation::parse_as(pos, text, n),
                            None => notation::parse(pos, text),
                        };
                        black_box(m.expect("written moves read back"));
                    }
                }
            })
        });
    }
    // For scale: the legality test every reader ends with.
    group.bench_function("baseline/is_legal", |b| {
        b.iter(|| {
            for (pos, moves) in &sample {
                for &m in moves {
                    black_box(pos.is_legal(m));
                }
            }
        })
    });
    group.finish();
    println!("notation sample: {} positions, {moves} moves", sample.len());
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
