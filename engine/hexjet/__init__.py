"""The hex jet game (the Russian translation, §4.8–§6.6): its rules engine."""
