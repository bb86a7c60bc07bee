"""What people read: HTML views for notebooks and the app, plain-English card text, how much
of each card is simulated."""
