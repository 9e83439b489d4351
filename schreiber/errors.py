"""The one base of every refusal: an error whose message is one sentence for the person at the table.

The command line prints it after `schreiber: ` and exits with status 2; the page answers it with 422.
"""


class UserError(ValueError):
    """A refusal of what was asked; nothing was changed, and the message says why in one sentence."""


class NotFound(UserError):
    """What was named (a table, a hand, a tournament) is not in the ledger."""
