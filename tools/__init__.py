"""Developer tools kept in the repository and out of the installed package."""
