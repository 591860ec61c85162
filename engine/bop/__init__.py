"""Birds of Prey: the Flight Phase and the game built on the PHAD, map and performance."""
