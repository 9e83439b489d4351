"""each table's revision, and a cache of each table's statistics keyed by it

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch copy of the table): SQLite and PostgreSQL both take it in place.
    op.add_column('runde', sa.Column('revision', sa.Integer(), server_default='0', nullable=False))
    op.create_table('table_stats',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id')
    )


def downgrade() -> None:
    op.drop_table('table_stats')
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.drop_column('revision')
