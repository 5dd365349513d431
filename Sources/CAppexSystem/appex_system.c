#include "appex_system.h"
