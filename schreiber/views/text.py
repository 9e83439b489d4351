"""Numbers, money and lists of names as a person reads them: made in rules/words.py, where the rule
sets may take them too (rules/ imports nothing above itself); here for the views, the terminal and the pages."""

from schreiber.rules.words import MINUS, and_list, money, signed

__all__ = ["MINUS", "and_list", "money", "signed"]
