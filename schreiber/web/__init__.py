"""`schreiber serve`: a read-only live scoreboard in the browser (imported by that command only)."""
