"""What the history, finished game and player pages show, arranged from what the rules fold
(kept per version in the cache)."""
