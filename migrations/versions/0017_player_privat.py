"""results leave the room (issue 42): a player of the register may be published without his name
(`player set NAME --privat`); every player so far is published with it

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('player') as batch:
        batch.add_column(sa.Column('privat', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('player') as batch:
        batch.drop_column('privat')
