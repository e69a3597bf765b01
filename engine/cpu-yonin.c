/* cpu-yonin.c - placeholder until the family's search lands: no answer, so
 * cpu.c plays a safe legal move. */
#include "engine/cpu-int.h"

int
cpu_yonin_think(const struct game *g, struct cpu_search *s,
    struct cpu_result *res)
{
	return -1;
}
