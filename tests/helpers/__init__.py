"""What several test files share: one place each, so no test file imports another."""
