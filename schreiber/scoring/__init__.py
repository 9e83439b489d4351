"""The competitions' pure core (ARCHITECTURE.md, "The step before teams and leagues"): the seat draw, the
standings of a tournament and of a season, the Wertungen they rank by, the cashbook, the evening's kitty and
who pays whom — folds over integers, with no database, no terminal and no page."""
