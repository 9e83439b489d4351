#!/usr/bin/env bash
# A Skat list at a table of three (RULES.md §7): the declarer gets +V for a won game and −2V for a lost
# one, the others nothing; a tariff of 1 cent a point makes the money "everyone pays everyone the
# difference"; ends with the report.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/skat.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules skat --players Anna Berta Carl --tariff 1 --name "Skatabend"
s add grand --player Berta --spitzen 4 --hand --augen 95
s add pik --player Carl --spitzen 1 --augen 70 --reizwert 33
s add null --player Anna --hand --ouvert --lost
s add kreuz --player Anna --spitzen 2 --ohne --augen 58
s add eingepasst
s add herz --player Berta --spitzen 1 --augen 120 --schwarz
s show 2
s report
