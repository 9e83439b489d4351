"""Maps the top-level `migrations/` folder into the package as `schreiber.migrations` (metadata: pyproject.toml)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["schreiber", "schreiber.*"]), "schreiber.migrations", "schreiber.migrations.versions"],
    package_dir={"schreiber.migrations": "migrations", "schreiber.migrations.versions": "migrations/versions"},
    package_data={
        "schreiber.migrations": ["alembic.ini", "script.py.mako"],
        "schreiber.web": ["templates/*.html", "static/*"],
    },
)
