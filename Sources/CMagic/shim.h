#ifndef APPEX_CMAGIC_SHIM_H
#define APPEX_CMAGIC_SHIM_H
#include <magic.h>
#endif
