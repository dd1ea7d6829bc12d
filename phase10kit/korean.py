"""Korean particles, chosen from how the word before them is read aloud.

A Korean particle changes shape with the sound that ends the word before it (``R7을`` but ``W를``,
``None이`` but ``True가``). A catalog can't know the word a placeholder will hold, so a Korean msgstr gives
the particle as the placeholder's format spec (``{card:을}``) and ``phase10kit.i18n`` fills it in with
``ko_particle``. The reading follows how a Korean teacher reads the kit's inserts aloud:

- Hangul as written;
- numbers in Sino-Korean: ``7`` 칠, ``12`` 십이, ``10`` 십, ``100`` 백, ``20000`` 이만; grouped thousands
  (``7,076,688``) as the whole number; a decimal ends in its last digit read alone (``0.10`` 영점일영);
  a fraction ``16/97`` is read "97분의 16", so it ends in its numerator; ``%`` is 퍼센트;
- Latin letters alone, in capitals or without a vowel by their names (R 알, W 더블유, S 에스: the card
  ``R7`` ends in 칠, ``p2`` in 이, ``hr`` in 알);
- other Latin words as the loanword is spelled in Hangul (``None`` 논, ``Skip`` 스킵, ``deck`` 덱,
  ``Fraction`` 프랙션, ``table`` 테이블, ``GreedyBot`` 그리디봇, ``True`` 트루, ``Wild`` 와일드): ending in l, m,
  n or ng, or in one of those before a silent e, in p after a vowel, in t after one short vowel, or in ck, the
  word ends in a consonant; otherwise in a vowel;
- closing brackets, quotes and punctuation are skipped, and so is a final parenthesis (``빨강 7 (R7)``):
  Korean attaches the particle to the word before it.
"""

from __future__ import annotations

import re

__all__ = ["PARTICLES", "PARTICLE_SPECS", "final_consonant", "ko_particle"]

PARTICLES: dict[str, tuple[str, str]] = {
    "을/를": ("을", "를"),
    "이/가": ("이", "가"),
    "은/는": ("은", "는"),
    "과/와": ("과", "와"),
    "으로/로": ("으로", "로"),
    "이에요/예요": ("이에요", "예요"),
    "이었어요/였어요": ("이었어요", "였어요"),
    "이어야/여야": ("이어야", "여야"),
    "이나/나": ("이나", "나"),
    "이랑/랑": ("이랑", "랑"),
    "이라고/라고": ("이라고", "라고"),
}
"""Each Korean particle (and the copula) as (its shape after a final consonant, its shape after a vowel)."""
PARTICLE_SPECS = {spec: pair for pair in PARTICLES.values() for spec in (f"{pair[0]}/{pair[1]}", *pair)}
"""Every format spec that names a particle (``을``, ``를`` or ``을/를``) with the particle's two shapes."""

_FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
"""The 28 final-consonant slots of a Hangul syllable; slot 0 (a space here) is "no final consonant"."""
_DIGIT_FINALS = ["ㅇ", "ㄹ", "", "ㅁ", "", "", "ㄱ", "ㄹ", "ㄹ", ""]
"""The last consonant of each digit read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구."""
_POWER_FINALS = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ"}
"""Round numbers end in their unit: 십 (10), 백 (100), 천 (1000); then 만, 억, 조, 경 every four zeros."""
_MYRIAD_FINALS = ["ㄴ", "ㄱ", "", "ㅇ"]
_LETTER_FINALS = {"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"}
"""Latin letters whose Korean names end in a consonant (엘 엠 엔 알); every other name ends in a vowel."""
_WORD_FINALS = {"l": "ㄹ", "m": "ㅁ", "n": "ㄴ"}
_CLOSING = " \t\n\u00a0]}>\"'”’»」』.,;:!?…"
_LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_VOWELS = frozenset("aeiouy")
_NUMBER_END = re.compile(r"(\d+)(?:/\s?\d+|((?:,\d{3})+)|\.(\d+))?$")
"""The number a text ends with: a numerator before ``/denominator``, thousands grouped by commas, decimals."""
_FRACTION_GAP = re.compile(r"\s/\s")


def final_consonant(word: object) -> str:
    """The consonant ``word`` ends with when read aloud (a jamo such as ``"ㄹ"``), or ``""`` after a vowel.

    >>> [final_consonant(w) for w in ("런", "세트", "R7", "B12", "10", "W", "p1", "Wild", "빨강 7 (R7)")]
    ['ㄴ', '', 'ㄹ', '', 'ㅂ', '', 'ㄹ', '', 'ㄹ']
    >>> [final_consonant(w) for w in ("None", "True", "Skip", "16/97", "0.10", "7,076,688,286,712", "1,000", "18.3%")]
    ['ㄴ', '', 'ㅂ', 'ㄱ', 'ㅇ', '', 'ㄴ', '']
    """
    text = _FRACTION_GAP.sub("/", _spoken_end(str(word)))
    if not text:
        return ""
    last = text[-1]
    if "가" <= last <= "힣":
        return _FINALS[(ord(last) - ord("가")) % 28].strip()
    if last in "0123456789":
        return _number_end(text)
    if last in _LATIN:
        return _latin_final(text[len(text.rstrip(_LATIN)) :])
    return ""


def _spoken_end(text: str) -> str:
    """``text`` without the closing marks and the final parenthesis that a particle skips."""
    while True:
        shorter = text.rstrip(_CLOSING)
        if shorter.endswith(")"):
            opening = shorter.rfind("(")
            shorter = shorter[:opening] if opening >= 0 else shorter[:-1]
        if shorter == text:
            return text
        text = shorter


def _number_end(text: str) -> str:
    found = _NUMBER_END.search(text)
    assert found is not None  # the text ends in a digit
    whole, grouped, decimals = found.groups()
    if decimals:  # read digit by digit after the point: 영점일영
        return _DIGIT_FINALS[int(decimals[-1])]
    return _number_final(whole + (grouped or "").replace(",", ""))


def _number_final(digits: str) -> str:
    significant = digits.rstrip("0")
    if not significant:
        return "ㅇ"  # 영
    zeros = len(digits) - len(significant)
    if zeros == 0:
        return _DIGIT_FINALS[int(digits[-1])]
    if zeros in _POWER_FINALS:
        return _POWER_FINALS[zeros]
    return _MYRIAD_FINALS[min(zeros // 4, 4) - 1]


def _latin_final(tail: str) -> str:
    """The final consonant of a Latin word as Korean reads it: by its letters, or as a loanword."""
    lower = tail.lower()
    if len(tail) == 1 or tail.isupper() or not set(lower) & _VOWELS:
        return _LETTER_FINALS.get(tail[-1].upper(), "")  # read letter by letter: "R7", "hr", "str"
    if lower.endswith("ng"):
        return "ㅇ"
    if lower.endswith("ck"):
        return "ㄱ"  # 덱, 클릭
    if len(lower) > 2 and lower.endswith("le"):
        return "ㄹ"  # 파일 (file), 테이블 (table), 튜플 (tuple)
    if len(lower) > 2 and lower[-1] == "e" and lower[-2] in _WORD_FINALS and lower[-3] in _VOWELS:
        return _WORD_FINALS[lower[-2]]  # a silent e: None 논, game 게임
    if lower[-1] == "p" and lower[-2] in _VOWELS:
        return "ㅂ"  # 스킵, 그룹, 스텝
    if lower[-1] == "t" and lower[-2] in _VOWELS and (len(lower) == 2 or lower[-3] not in _VOWELS):
        return "ㅅ"  # one short vowel before t: 봇 (GreedyBot), 로봇, 챗; but 플로트 (float), 리스트 (list)
    return _WORD_FINALS.get(lower[-1], "")


def ko_particle(word: object, particle: str) -> str:
    """The shape of a Korean ``particle`` (``"을/를"``, or either shape: ``"을"``, ``"를"``) that follows ``word``.

    >>> [ko_particle(w, "을/를") for w in ("R7", "W", "런", "세트")]
    ['을', '를', '을', '를']
    >>> ko_particle("런", "예요"), ko_particle("세트", "이에요"), ko_particle("칠", "로"), ko_particle("R3", "로")
    ('이에요', '예요', '로', '으로')
    >>> ko_particle("None", "이/가"), ko_particle("True", "이/가"), ko_particle("R3 G3", "이/가")
    ('이', '가', '이')
    """
    pair = PARTICLE_SPECS.get(particle)
    if pair is None:
        raise ValueError(f"unknown Korean particle {particle!r}: use one of {', '.join(PARTICLES)}")
    final = final_consonant(word)
    if pair == PARTICLES["으로/로"] and final == "ㄹ":
        return pair[1]  # 로 after ㄹ: 칠로, 런으로
    return pair[0] if final else pair[1]
