// The functions are static inline in include/CAtomic.h; a C target needs one source file.
#include "CAtomic.h"
