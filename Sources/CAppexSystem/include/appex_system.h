// CAppexSystem: thin C helpers for what Swift cannot express directly on Linux.
#pragma once
