"""Fighter Command, the backyard WWII air game: its control sheets, scenarios and plots."""
