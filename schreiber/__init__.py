"""schreiber: the score-keeper for German card games played at a real table."""
