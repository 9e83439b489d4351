"""double entry: a sheet's entries waiting for their second (`tournament set doppelt=ja`)

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'sheet_draft',
        sa.Column('runde_id', sa.Integer(), sa.ForeignKey('runde.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('entry', sa.Integer(), primary_key=True),
        sa.Column('sheet', sa.JSON(), nullable=False),
        sa.Column('typed_at', sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table('sheet_draft')
