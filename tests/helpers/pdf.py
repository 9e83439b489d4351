"""A PDF as a reader sees its text (pdftotext)."""

from __future__ import annotations

import subprocess


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
