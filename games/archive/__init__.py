"""A game carried out of the app and back: backups written and read, the identity that
keeps an import from adding a game twice, and the play pushed to BG Stats."""
