/* cusparse_v2.h: forwarding header of hipify-c's project-owned cuSPARSE stand-in (cusparse.h), as CUDA's
 * cusparse_v2.h forwards to cusparse.h. Not cuSPARSE's text. */
#include "cusparse.h"
