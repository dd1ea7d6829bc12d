"""The one font stack of every text the kit draws or styles: card faces, the table, the lessons' widgets, the deck.

Latin and Cyrillic come from the usual interface fonts; Hangul from the Korean fonts that the usual systems
have: Malgun Gothic (Windows), Apple SD Gothic Neo (macOS, iPadOS), Noto Sans CJK KR or Noto Sans KR (Linux,
ChromeOS, Android; Debian's ``fonts-noto-cjk``) and NanumGothic (Debian's and Ubuntu's ``fonts-nanum``). A
browser takes each character from the first font of the list that has it, so Korean text is drawn in a Korean
font wherever one is installed; docs/classroom.md says what a lab machine needs.
"""

from __future__ import annotations

__all__ = ["FONT_FAMILY", "KOREAN_FAMILY", "KOREAN_FONTS", "LATIN_FONTS", "css_rule"]

LATIN_FONTS = ("system-ui", "-apple-system", "Segoe UI", "Roboto", "Noto Sans", "Liberation Sans", "Arial")
"""Interface fonts with Latin and Cyrillic letters, first the system's own."""
KOREAN_FONTS = ("Malgun Gothic", "Apple SD Gothic Neo", "Noto Sans CJK KR", "Noto Sans KR", "NanumGothic")
"""Korean fonts of the usual systems (Hangul is taken from the first of them that is installed)."""


def _name(font: str) -> str:
    return font if font in ("system-ui", "-apple-system") else f"'{font}'"


FONT_FAMILY = ", ".join([*(_name(font) for font in LATIN_FONTS + KOREAN_FONTS), "sans-serif"])
"""The stack as CSS and SVG write it (single quotes, so it fits in a double-quoted attribute).

>>> FONT_FAMILY.startswith("system-ui, -apple-system, 'Segoe UI'"), FONT_FAMILY.endswith("'NanumGothic', sans-serif")
(True, True)
"""


KOREAN_FAMILY = ", ".join([*(_name(font) for font in KOREAN_FONTS), "sans-serif"])
"""The Korean fonts first: where a whole text is Korean (the deck in Korean), digits and Hangul from one font."""


def css_rule(selector: str) -> str:
    """A CSS rule giving ``selector`` the kit's fonts: ``.p10-table { font-family: system-ui, ... }``."""
    return f"{selector} {{ font-family: {FONT_FAMILY}; }}"
