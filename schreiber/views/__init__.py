"""What a person sees, as data: shared by the terminal, the page and the PDFs."""
