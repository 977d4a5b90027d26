"""What every screen shares: the connection, bounds, languages, security, errors, pages."""
