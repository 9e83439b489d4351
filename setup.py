"""Maps the top-level `migrations/` folder into the package as `schreiber.migrations`, and ships the translations (metadata: pyproject.toml)."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["schreiber", "schreiber.*"]),
        "schreiber.migrations",
        "schreiber.migrations.versions",
    ],
    package_dir={"schreiber.migrations": "migrations", "schreiber.migrations.versions": "migrations/versions"},
    package_data={
        "schreiber.migrations": ["alembic.ini", "script.py.mako"],
        # The compiled catalogs ship in the wheel: no compile step for a user (sources: locale/*/LC_MESSAGES/*.po).
        "schreiber": ["locale/*/LC_MESSAGES/*.mo", "locale/*/LC_MESSAGES/*.po", "locale/*.pot"],
        "schreiber.web": ["templates/*.html", "templates/publish/*.html", "static/*"],
    },
)
