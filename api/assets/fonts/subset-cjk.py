#!/usr/bin/env python3
"""Write NotoSansJP-Subset-{Regular,Bold}.otf: Noto Sans CJK JP cut down to the characters
the pictures' words need that the Go fonts lack, plus the kana and Japanese punctuation.

Run from the repository's root, after changing the pictures' words (templates/i18n/*/
pictures.ftl, cards.ftl or common.ftl); api/assets/fonts/README.md says where the fonts come from:

    python3 api/assets/fonts/subset-cjk.py /path/to/NotoSansCJK-Regular.ttc /path/to/NotoSansCJK-Bold.ttc

Needs fonttools (`pip install fonttools brotli`). The board tests check that every
character of every picture's words in every language is in the bundled fonts.
"""
import glob
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = "api/assets/fonts"
# Hiragana and katakana (with the long vowel mark and the middle dot); the punctuation the
# words use (：（）、。) comes with them.
RANGES = [(0x3041, 0x3096), (0x30A0, 0x30FF)]


def words() -> set[str]:
    chars: set[str] = set()
    for name in ("pictures.ftl", "common.ftl", "cards.ftl"):
        for path in sorted(glob.glob(f"templates/i18n/*/{name}")):
            with open(path, encoding="utf-8") as f:
                chars.update(f.read())
    return chars


def main(regular: str, bold: str) -> None:
    go = set(TTFont(f"{HERE}/Go-Regular.ttf").getBestCmap())
    needed = {c for c in words() if ord(c) > 0x7F and ord(c) not in go}
    for lo, hi in RANGES:
        needed.update(chr(u) for u in range(lo, hi + 1))
    text = "".join(sorted(needed))
    for source, weight in ((regular, "Regular"), (bold, "Bold")):
        options = subset.Options()
        options.font_number = 0  # Noto Sans CJK JP in the collection
        options.hinting = False
        options.name_IDs = ["*"]
        font = subset.load_font(source, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        out = f"{HERE}/NotoSansJP-Subset-{weight}.otf"
        subset.save_font(font, out, options)
        print(out, len(text), "characters")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
