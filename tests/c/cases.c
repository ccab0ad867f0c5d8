/* A small JSON reader, enough for the case file: objects, arrays, strings (with escapes), numbers, true,
 * false and null. Values of fields the tests do not use are parsed and dropped. */
#include "cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    const char *end;
    int failed;
} cursor;

static void skip_space(cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n')) {
        c->p++;
    }
}

static int expect(cursor *c, char ch) {
    skip_space(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 1;
    }
    c->failed = 1;
    return 0;
}

static void put_utf8(char *out, size_t *n, unsigned long cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xC0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xE0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static unsigned long hex4(cursor *c) {
    unsigned long v = 0;
    int i;
    for (i = 0; i < 4; i++) {
        char h;
        if (c->p >= c->end) {
            c->failed = 1;
            return 0;
        }
        h = *c->p++;
        v <<= 4;
        if (h >= '0' && h <= '9') v |= (unsigned long)(h - '0');
        else if (h >= 'a' && h <= 'f') v |= (unsigned long)(h - 'a' + 10);
        else if (h >= 'A' && h <= 'F') v |= (unsigned long)(h - 'A' + 10);
        else c->failed = 1;
    }
    return v;
}

/* A string value, decoded into a new NUL-terminated buffer (the decoded text is never longer). */
static char *parse_string(cursor *c) {
    const char *start;
    char *out;
    size_t n = 0;
    if (!expect(c, '"')) return NULL;
    start = c->p;
    out = (char *)malloc((size_t)(c->end - start) + 1);
    if (out == NULL) {
        c->failed = 1;
        return NULL;
    }
    while (c->p < c->end && *c->p != '"') {
        char ch = *c->p++;
        if (ch != '\\') {
            out[n++] = ch;
            continue;
        }
        if (c->p >= c->end) break;
        ch = *c->p++;
        switch (ch) {
        case 'n': out[n++] = '\n'; break;
        case 't': out[n++] = '\t'; break;
        case 'r': out[n++] = '\r'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'u': {
            unsigned long cp = hex4(c);
            if (cp >= 0xD800 && cp < 0xDC00 && c->p + 1 < c->end && c->p[0] == '\\' && c->p[1] == 'u') {
                unsigned long low;
                c->p += 2;
                low = hex4(c);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            put_utf8(out, &n, cp);
            break;
        }
        default: out[n++] = ch; break; /* \" \\ \/ */
        }
    }
    if (!expect(c, '"')) {
        free(out);
        return NULL;
    }
    out[n] = '\0';
    return out;
}

static void skip_value(cursor *c);

static void skip_container(cursor *c, char open, char close) {
    if (!expect(c, open)) return;
    skip_space(c);
    if (c->p < c->end && *c->p == close) {
        c->p++;
        return;
    }
    for (;;) {
        if (open == '{') {
            free(parse_string(c));
            expect(c, ':');
        }
        skip_value(c);
        if (c->failed) return;
        skip_space(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        expect(c, close);
        return;
    }
}

static void skip_value(cursor *c) {
    skip_space(c);
    if (c->p >= c->end) {
        c->failed = 1;
        return;
    }
    switch (*c->p) {
    case '"': free(parse_string(c)); break;
    case '{': skip_container(c, '{', '}'); break;
    case '[': skip_container(c, '[', ']'); break;
    default:
        while (c->p < c->end && strchr(",}] \t\r\n", *c->p) == NULL) c->p++;
        break;
    }
}

static void list_free(string_list *list) {
    size_t i;
    for (i = 0; i < list->count; i++) free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

static void parse_string_list(cursor *c, string_list *list) {
    size_t cap = 0;
    if (!expect(c, '[')) return;
    skip_space(c);
    if (c->p < c->end && *c->p == ']') {
        c->p++;
        return;
    }
    for (;;) {
        char *s = parse_string(c);
        if (s == NULL) {
            c->failed = 1;
            return;
        }
        if (list->count == cap) {
            char **grown;
            cap = cap ? cap * 2 : 16;
            grown = (char **)realloc(list->items, cap * sizeof *grown);
            if (grown == NULL) {
                free(s);
                c->failed = 1;
                return;
            }
            list->items = grown;
        }
        list->items[list->count++] = s;
        skip_space(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        expect(c, ']');
        return;
    }
}

static void case_free(repetition_case *rc) {
    free(rc->id);
    free(rc->fen);
    free(rc->seed_verdict);
    free(rc->expected_verdict);
    list_free(&rc->moves);
    list_free(&rc->classes);
}

static int parse_case(const char *line, size_t len, repetition_case *rc) {
    cursor c;
    c.p = line;
    c.end = line + len;
    c.failed = 0;
    memset(rc, 0, sizeof *rc);
    if (!expect(&c, '{')) return -1;
    for (;;) {
        char *key = parse_string(&c);
        if (key == NULL || !expect(&c, ':')) {
            free(key);
            break;
        }
        if (strcmp(key, "id") == 0) rc->id = parse_string(&c);
        else if (strcmp(key, "fen") == 0) rc->fen = parse_string(&c);
        else if (strcmp(key, "seed_verdict") == 0) rc->seed_verdict = parse_string(&c);
        else if (strcmp(key, "expected_verdict") == 0) rc->expected_verdict = parse_string(&c);
        else if (strcmp(key, "moves") == 0) parse_string_list(&c, &rc->moves);
        else if (strcmp(key, "expected_classes") == 0) {
            rc->has_classes = 1;
            parse_string_list(&c, &rc->classes);
        } else skip_value(&c);
        free(key);
        if (c.failed) break;
        skip_space(&c);
        if (c.p < c.end && *c.p == ',') {
            c.p++;
            continue;
        }
        expect(&c, '}');
        break;
    }
    if (c.failed || rc->id == NULL || rc->fen == NULL) {
        case_free(rc);
        return -1;
    }
    return 0;
}

int cases_load(const char *path, repetition_case **cases, size_t *count) {
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long size;
    size_t cap = 0, n = 0, start = 0, i, line_no = 0;
    repetition_case *list = NULL;
    *cases = NULL;
    *count = 0;
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        (text = (char *)malloc((size_t)size + 1)) == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        fclose(f);
        free(text);
        return -1;
    }
    fclose(f);
    text[size] = '\n';
    for (i = 0; i <= (size_t)size; i++) {
        size_t len;
        const char *line;
        if (text[i] != '\n') continue;
        line = text + start;
        len = i - start;
        start = i + 1;
        line_no++;
        while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
        if (len == 0) continue;
        if (n == cap) {
            repetition_case *grown;
            cap = cap ? cap * 2 : 64;
            grown = (repetition_case *)realloc(list, cap * sizeof *grown);
            if (grown == NULL) break;
            list = grown;
        }
        if (parse_case(line, len, &list[n]) != 0) {
            fprintf(stderr, "%s:%lu: not a case line\n", path, (unsigned long)line_no);
            cases_free(list, n);
            free(text);
            return -1;
        }
        n++;
    }
    free(text);
    *cases = list;
    *count = n;
    return 0;
}

void cases_free(repetition_case *cases, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) case_free(&cases[i]);
    free(cases);
}

void class_name_of(const char *label, char *buf, size_t len) {
    size_t n = strcspn(label, ":");
    if (len == 0) return;
    if (n >= len) n = len - 1;
    memcpy(buf, label, n);
    buf[n] = '\0';
}
