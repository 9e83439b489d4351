#!/usr/bin/env bash
# A Buchstaben-Schafkopf evening for four, with a throw-in (Doppelt) and a misdeal; ends with the report.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/buchstaben.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules buchstaben --players Anna Berta Carl Dora --tariff 20
s add zusammengeworfen
s add rufspiel --player Anna --partner Carl --augen 36 --laufende 3
s add solo --player Berta --augen 48 --schwarz --laufende 4
s add vergeben
s add solo --player Berta --augen 20 --spritze
s add du --player Dora --won --laufende 5
s add jeder-gegen-jeden --augen Anna=20 --augen Berta=12 --augen Carl=10 --augen Dora=6
s show 2
s report
