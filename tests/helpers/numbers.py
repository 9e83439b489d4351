"""How money, dates and decimals look in each language a page speaks, as patterns."""

from __future__ import annotations


# Each way of writing a number, by the language that writes it so.
STYLES = {
    "en": {
        "money": r"€\d{1,3}(?:,\d{3})*\.\d\d(?!\d)",
        "date": r"(?<!\d)\d{4}-\d\d-\d\d(?!\d)",
        "decimal": r"(?<![\d.,])\d+\.\d\d(?![\d.])",
    },
    "de": {
        "money": r"(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d\d €",
        "date": r"(?<![\d.])\d\d\.\d\d\.\d{4}(?!\d)",
        "decimal": r"(?<![\d.,])\d+,\d\d(?![\d,])",
    },
}
