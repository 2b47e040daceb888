// ARENASTORE_CORTEX_M_BUILD: 1 when compiling for an M-profile Arm core (a microcontroller), else
// 0. Read by the kernel registry (no x86 rows on a microcontroller) and by what follows from
// that: split kernel forms exist only in x86 rows, so a Cortex-M PreparedOp keeps no
// KernelState. One definition, so the two can never disagree.
#pragma once

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define ARENASTORE_CORTEX_M_BUILD 1
#else
#define ARENASTORE_CORTEX_M_BUILD 0
#endif
