"""Alembic environment and revisions; installed inside the wheel as `schreiber.migrations`."""
