#ifndef APPEX_CIBUS_SHIM_H
#define APPEX_CIBUS_SHIM_H
#include <ibus.h>
#endif
