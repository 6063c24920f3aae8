#!/usr/bin/env python3
"""Writes the JSON corpus next to this script.

Run `python3 make_corpus.py` from anywhere; it rewrites every document it
knows and leaves other files alone. Documents are written as exact bytes, so
the invalid UTF-8 and control-character cases stay exactly as intended.
"""
import json
import os
import random

OUT = os.path.dirname(os.path.abspath(__file__))
files = {}
def put(name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    assert name not in files, name
    files[name] = data

# ---- numbers
put("accept-number-integer.json", "42\n")
put("accept-number-negative-zero.json", "-0")
put("accept-number-negative-zero-fraction.json", "-0.0")
put("accept-number-negative-zero-exponent.json", "-0e5")
put("accept-number-zero-positive-exponent.json", "[0e1, 0E9, 0.0e5, 0e+0, 0e-5]")
put("accept-number-huge-integer.json", "123456789012345678901234567890")
put("accept-number-below-int64-min.json", "-9223372036854775809")
put("accept-number-2pow53-plus-1.json", "9007199254740993")
put("accept-number-exponent-upper-plus.json", "1E+2")
put("accept-number-exponent-negative.json", "1e-7")
put("accept-number-fraction-exponent.json", "[-12.5e3, 6.02214076E23, 1.5E-0, 10e00]")
put("accept-number-underflow.json", "1e-400")
put("accept-number-negative-underflow.json", "-1e-400")
put("accept-number-long-fraction-underflow.json", "0." + "0" * 400 + "1")
put("accept-number-underflow-in-object.json", '{"tiny": 2.4703282292062327e-324, "ok": 1}')
put("accept-number-subnormal.json", "[4.9e-324, 2.4703282292062328e-324]")
put("accept-number-max-double.json", "[1.7976931348623157e308, -1.7976931348623157e308]")
put("accept-number-hard-rounding.json",
    "[0.1000000000000000055511151231257827021181583404541015625, 2.2250738585072011e-308, 1e23, 8.98846567431158e307, 9007199254740993.0]")
put("accept-number-many-digits.json", "1" + "0" * 300)
# rejects
put("reject-number-overflow.json", "1e400")
put("reject-number-negative-overflow.json", "-1e400")
put("reject-number-overflow-digits.json", "1" + "0" * 400)
put("reject-number-overflow-in-array.json", "[1, 2, 1e400]")
put("reject-number-leading-zero.json", "01")
put("reject-number-negative-leading-zero.json", "-01")
put("reject-number-trailing-dot.json", "1.")
put("reject-number-leading-dot.json", ".5")
put("reject-number-plus-sign.json", "+1")
put("reject-number-lone-minus.json", "-")
put("reject-number-minus-space.json", "- 1")
put("reject-number-hex.json", "0x1F")
put("reject-number-nan.json", "NaN")
put("reject-number-infinity.json", "Infinity")
put("reject-number-negative-infinity.json", "[-Infinity]")
put("reject-number-exponent-without-digits.json", "1e")
put("reject-number-exponent-sign-only.json", "[1e+]")
put("reject-number-dot-exponent.json", "1.e5")

# ---- strings
put("accept-string-escapes.json", r'"quote \" backslash \\ slash \/ b \b f \f n \n r \r t \t"')
put("accept-string-unicode-escapes.json", r'"\u0041\u00e9\u4E2D\u00E9"')
put("accept-string-surrogate-pair-emoji.json", r'["\ud83d\ude00", "\uD83C\uDDEB\uD83C\uDDF7"]')
put("accept-string-max-code-point.json", '["\\udbff\\udfff", "\U0010FFFF"]')
put("accept-string-raw-utf8.json", '"héllo wörld 中文 😀 🇫🇷"')
put("accept-string-utf8-boundaries.json",
    b'["\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80", "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf"]')
put("accept-string-noncharacters.json", b'"\xef\xbf\xbe \xef\xbf\xbf \xef\xb7\x90"')
put("accept-string-nul-escape-in-value.json", r'{"k": "a\u0000b"}')
put("accept-string-escaped-controls.json", r'"\u0001\u001f\u007f"')
put("accept-string-raw-del.json", b'"a\x7fb"')
put("accept-string-empty.json", '""')
put("accept-string-long.json", json.dumps("".join(chr(0x20 + (i * 7919) % 0x5f) for i in range(100000))))
put("reject-string-lone-high-surrogate.json", r'"\ud83d"')
put("reject-string-lone-low-surrogate.json", r'"\ude00"')
put("reject-string-high-surrogate-then-text.json", r'"\ud83dabcdef"')
put("reject-string-reversed-surrogates.json", r'"\ude00\ud83d"')
put("reject-string-two-high-surrogates.json", r'"\ud83d\ud83d"')
put("reject-string-high-surrogate-then-escape.json", r'"\ud83d\n"')
put("reject-string-invalid-escape-x.json", r'"\x41"')
put("reject-string-invalid-escape-quote.json", r'"it\'s"')
put("reject-string-invalid-escape-uppercase-u.json", r'"\U0041"')
put("reject-string-short-unicode-escape.json", r'"\u12"')
put("reject-string-unicode-escape-bad-hex.json", r'"\u12G4"')
put("reject-string-raw-tab.json", b'"a\tb"')
put("reject-string-raw-newline.json", b'"a\nb"')
put("reject-string-raw-carriage-return.json", b'"a\rb"')
put("reject-string-raw-nul-byte.json", b'"a\x00b"')
put("reject-string-raw-unit-separator.json", b'"a\x1fb"')
put("reject-string-unterminated.json", '"abc')
put("reject-string-backslash-at-end.json", '"abc\\')
put("reject-string-single-quotes.json", "'abc'")
put("reject-key-nul-escape.json", r'{"a\u0000b": 1}')

# ---- invalid UTF-8, one file per class
put("reject-utf8-overlong-2-byte-c0.json", b'"\xc0\xaf"')
put("reject-utf8-overlong-2-byte-c1.json", b'"\xc1\xbf"')
put("reject-utf8-overlong-3-byte.json", b'"\xe0\x80\xaf"')
put("reject-utf8-overlong-4-byte.json", b'"\xf0\x80\x80\xaf"')
put("reject-utf8-encoded-high-surrogate.json", b'"\xed\xa0\x80"')
put("reject-utf8-encoded-low-surrogate.json", b'"\xed\xbf\xbf"')
put("reject-utf8-encoded-surrogate-pair.json", b'"\xed\xa0\xbd\xed\xb8\x80"')
put("reject-utf8-above-max-f4.json", b'"\xf4\x90\x80\x80"')
put("reject-utf8-above-max-f5.json", b'"\xf5\x80\x80\x80"')
put("reject-utf8-lead-ff.json", b'"\xff"')
put("reject-utf8-lead-fe.json", b'"\xfe"')
put("reject-utf8-truncated-2-byte.json", b'"\xc3"')
put("reject-utf8-truncated-3-byte.json", b'"\xe2\x82"')
put("reject-utf8-truncated-4-byte.json", b'"\xf0\x9f\x98"')
put("reject-utf8-truncated-at-end-of-file.json", b'"\xe2\x82')
put("reject-utf8-stray-continuation.json", b'"a\x80b"')
put("reject-utf8-continuation-after-complete.json", b'"\xc3\xa9\xa9"')
put("reject-utf8-in-key.json", b'{"k\xff": 1}')
put("reject-utf8-outside-string.json", b'[1, \xff]')
put("reject-utf8-latin1-text.json", b'"caf\xe9"')

# ---- structure
put("accept-structure-empty-object.json", "{}")
put("accept-structure-empty-array.json", "[]")
put("accept-structure-nested-empty.json", "[[], {}, [{}], {\"a\": []}]")
put("accept-scalar-true.json", "true")
put("accept-scalar-false.json", "false")
put("accept-scalar-null.json", "null")
put("accept-scalar-string.json", '"top-level string"')
put("accept-structure-mixed.json", json.dumps({
    "id": "evt-1", "kind": "navigation", "ok": True, "error": None,
    "timing": {"start": 0.5, "end": 1234.25, "marks": [1, 2, 3]},
    "headers": [["Content-Type", "text/html; charset=utf-8"], ["X-Count", "3"]],
    "body": {"items": [{"name": "a", "tags": []}, {"name": "b", "tags": ["x", "y"]}]},
}, indent=2))
put("accept-structure-same-key-in-sibling-objects.json", '[{"a": 1}, {"a": 2}, {"a": {"a": {"a": 3}}}]')
put("accept-structure-keys-differ-in-case.json", '{"a": 1, "A": 2}')
put("accept-structure-escaped-keys-distinct.json", r'{"a": 1, "\u0062": 2, "a\/": 3, "a\\": 4}')
put("accept-structure-empty-key.json", '{"": 1, " ": 2}')
put("accept-whitespace-crlf.json", '{\r\n  "a": [\r\n    1,\r\n    2\r\n  ]\r\n}\r\n')
put("accept-whitespace-leading-trailing.json", '\n\t \r {"a" \t:\n 1 } \r\n\t ')
put("accept-whitespace-around-scalar.json", "  \n 7 \n")
put("accept-whitespace-none.json", '{"a":[1,{"b":null},"c"],"d":true}')

put("reject-structure-trailing-comma-array.json", "[1, 2,]")
put("reject-structure-trailing-comma-object.json", '{"a": 1,}')
put("reject-structure-leading-comma.json", "[,1]")
put("reject-structure-double-comma.json", "[1,,2]")
put("reject-structure-missing-comma-array.json", "[1 2]")
put("reject-structure-missing-comma-object.json", '{"a": 1 "b": 2}')
put("reject-structure-missing-colon.json", '{"a" 1}')
put("reject-structure-missing-value.json", '{"a":}')
put("reject-structure-colon-in-array.json", "[1: 2]")
put("reject-structure-unclosed-array.json", "[1, 2")
put("reject-structure-unclosed-object.json", '{"a": 1')
put("reject-structure-unclosed-nested.json", '{"a": [1, {"b": 2}')
put("reject-structure-mismatched-brackets.json", "[1}")
put("reject-structure-extra-closing-bracket.json", "[1]]")
put("reject-structure-single-quoted-key.json", "{'a': 1}")
put("reject-structure-unquoted-key.json", "{a: 1}")
put("reject-structure-number-key.json", "{1: 2}")
put("reject-structure-line-comment.json", "// comment\n{}")
put("reject-structure-block-comment.json", "{/* comment */}")
put("reject-structure-hash-comment.json", "# comment\n[]")
put("reject-literal-capitalized.json", "True")
put("reject-literal-truncated.json", "nul")
put("reject-literal-extended.json", "[truex]")
put("reject-literal-undefined.json", "undefined")
put("reject-empty.json", "")
put("reject-whitespace-only.json", "  \n\t\r\n ")
put("reject-whitespace-form-feed.json", "\x0c{}")
put("reject-whitespace-form-feed-inside.json", "[1,\x0c2]")
put("reject-whitespace-vertical-tab.json", "[1,\x0b2]")
put("reject-whitespace-no-break-space.json", "[1,\u00a02]")
put("reject-whitespace-line-separator.json", "[1,\u20282]")
put("reject-bom.json", b"\xef\xbb\xbf{}")
put("reject-two-top-level-objects.json", "{} {}")
put("reject-two-top-level-numbers.json", "1 2")
put("reject-two-top-level-lines.json", '{"a": 1}\n{"a": 2}\n')
put("reject-trailing-garbage.json", '{"a": 1}x')
put("reject-trailing-nul-byte.json", b'{"a": 1}\x00')
put("reject-trailing-comma-after-document.json", "[1],")

# ---- duplicates
put("reject-duplicate-key.json", '{\n  "name": "first",\n  "name": "second"\n}\n')
put("reject-duplicate-key-same-value.json", '{"a": 1, "a": 1}')
put("reject-duplicate-key-escaped.json", r'{"a": 1, "\u0061": 2}')
put("reject-duplicate-key-escaped-slash.json", r'{"a/b": 1, "a\/b": 2}')
put("reject-duplicate-key-surrogate-pair-vs-raw.json", '{"😀": 1, "\\ud83d\\ude00": 2}')
put("reject-duplicate-key-nested.json", '{"outer": {"x": 1, "y": 2, "x": 3}}')
put("reject-duplicate-key-in-array-element.json", '[{"ok": 1}, {"b": 1, "c": 2, "b": 3}]')
put("reject-duplicate-key-not-adjacent.json", '{"a": 1, "b": 2, "c": 3, "d": 4, "a": 5}')
put("reject-duplicate-key-empty.json", '{"": 1, "": 2}')
# "é" precomposed (U+00E9) and decomposed (e + U+0301) are the same Swift String, so
# JSONValue cannot hold both: both readers reject them as duplicates.
put("reject-duplicate-key-canonically-equivalent.json", '{"\u00e9": 1, "e\u0301": 2}')

put("reject-utf8-on-third-line.json", b'[\n  "ok",\n  "bad \xff here"\n]\n')
put("reject-duplicate-key-after-nested-value.json", '{"a": {"a": 1}, "a": 2}')
put("accept-scalars-mixed-types.json", '[1, 0, true, false, "true", "1", null, "null", [], {}, ""]')

# ---- depth
def arrays(n): return "[" * n + "]" * n
def objects(n):
    return '{"a":' * (n - 1) + "{}" + "}" * (n - 1)
put("accept-depth-64-arrays.json", arrays(64))
put("accept-depth-64-objects.json", objects(64))
put("accept-depth-64-mixed.json", '{"a":[' * 32 + "1" + "]}" * 32)
put("accept-depth-64-with-scalar-leaf.json", "[" * 64 + '"leaf"' + "]" * 64)
put("reject-depth-65-arrays.json", arrays(65))
put("reject-depth-65-objects.json", objects(65))
put("reject-depth-65-in-second-element.json", "[1, " + arrays(64) + "]")
put("reject-depth-5000-arrays.json", arrays(5000))
put("reject-depth-5000-unclosed.json", "[" * 5000)

# ---- big documents
rng = random.Random(20240611)
words = ["alpha", "béta", "γάμμα", "日本語", "emoji 😀", "quote \" here", "tab\tinside", "path/to/x", "nul\u0000char", "😀🇫🇷"]
events = []
for i in range(1000):
    events.append({
        "seq": i,
        "t": round(rng.uniform(0, 1e6), 3),
        "kind": rng.choice(["request", "response", "log", "navigation"]),
        "ok": rng.random() < 0.9,
        "note": None if rng.random() < 0.3 else rng.choice(words),
        "payload": {"url": f"https://example.com/{i}?q={rng.randint(0, 10**9)}",
                    "sizes": [rng.randint(-10**6, 10**6) for _ in range(5)],
                    "ratio": rng.random() * 10 ** rng.randint(-20, 20)},
    })
put("accept-big-events.json", json.dumps({"version": 1, "events": events}, ensure_ascii=False, indent=1))
put("accept-big-events-ascii-escaped.json", json.dumps({"version": 1, "events": events[:500]}, ensure_ascii=True, separators=(",", ":")))
put("accept-big-wide-object.json", json.dumps({f"key-{i:05d}": i for i in range(5000)}))
put("accept-big-long-array.json", json.dumps([i * 0.5 for i in range(10000)]))

for name, data in files.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
print(len(files), "files;", sum(n.startswith("accept-") for n in files), "accept,", sum(n.startswith("reject-") for n in files), "reject")

