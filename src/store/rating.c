/*
 * rating.c - Glicko-2, step by step as in Glickman's "Example of the
 * Glicko-2 system" (the step numbers below are the paper's).
 */
#include <math.h>

#include "src/store/rating.h"

/* The paper's factor between the Glicko and Glicko-2 scales. */
#define RATING_SCALE 173.7178
/* Convergence tolerance of the volatility iteration (step 5). */
#define RATING_EPSILON 0.000001

void
rating_init(struct rating *r)
{
	r->r = RATING_INITIAL;
	r->rd = RATING_RD_INITIAL;
	r->vol = RATING_VOL_INITIAL;
}

int
rating_is_provisional(const struct rating *r)
{
	return r->rd >= RATING_RD_PROVISIONAL;
}

static double
rating_g(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double
rating_e(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-rating_g(phi_j) * (mu - mu_j)));
}

/* Step 5's f(x). */
static double
rating_f(double x, double delta, double phi, double v, double a)
{
	double	 ex = exp(x);
	double	 d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	    (x - a) / (RATING_TAU * RATING_TAU);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
rating_volatility(double sigma, double phi, double v, double delta)
{
	double	 a = log(sigma * sigma);
	double	 A, B, C, fA, fB, fC;
	int	 k, i;

	A = a;
	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		/* f is decreasing; k is bounded in practice (a few steps), the
		 * cap only keeps a NaN input from looping forever. */
		for (k = 1; k < 1000; k++) {
			if (rating_f(a - k * RATING_TAU, delta, phi, v, a) >= 0)
				break;
		}
		B = a - k * RATING_TAU;
	}
	fA = rating_f(A, delta, phi, v, a);
	fB = rating_f(B, delta, phi, v, a);
	for (i = 0; i < 1000 && fabs(B - A) > RATING_EPSILON; i++) {
		C = A + (A - B) * fA / (fB - fA);
		fC = rating_f(C, delta, phi, v, a);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else
			fA = fA / 2.0;
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

void
rating_period(const struct rating *self, int n, const struct rating *opp,
    const double *score, struct rating *out)
{
	double	 mu, phi, sigma, v, sum_v, sum_d, delta, phi_star, phi_new;
	double	 mu_new, sigma_new, g, e, mu_j, phi_j;
	int	 j;

	/* Step 2: to the Glicko-2 scale. */
	mu = (self->r - RATING_INITIAL) / RATING_SCALE;
	phi = self->rd / RATING_SCALE;
	sigma = self->vol;

	if (n <= 0) {
		/* Step 6 alone: a period without games. */
		out->r = self->r;
		out->rd = sqrt(phi * phi + sigma * sigma) * RATING_SCALE;
		out->vol = sigma;
		return;
	}

	/* Steps 3 and 4: the estimated variance and improvement. */
	sum_v = 0;
	sum_d = 0;
	for (j = 0; j < n; j++) {
		mu_j = (opp[j].r - RATING_INITIAL) / RATING_SCALE;
		phi_j = opp[j].rd / RATING_SCALE;
		g = rating_g(phi_j);
		e = rating_e(mu, mu_j, phi_j);
		sum_v += g * g * e * (1.0 - e);
		sum_d += g * (score[j] - e);
	}
	v = 1.0 / sum_v;
	delta = v * sum_d;

	/* Steps 5 to 7. */
	sigma_new = rating_volatility(sigma, phi, v, delta);
	phi_star = sqrt(phi * phi + sigma_new * sigma_new);
	phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	mu_new = mu + phi_new * phi_new * sum_d;

	/* Step 8: back to the Glicko scale. */
	out->r = mu_new * RATING_SCALE + RATING_INITIAL;
	out->rd = phi_new * RATING_SCALE;
	out->vol = sigma_new;
}

void
rating_update_pair(const struct rating *a, const struct rating *b,
    double score_a, struct rating *new_a, struct rating *new_b)
{
	struct rating	 old_a = *a, old_b = *b;
	double		 score_b = 1.0 - score_a;

	rating_period(&old_a, 1, &old_b, &score_a, new_a);
	rating_period(&old_b, 1, &old_a, &score_b, new_b);
}

int
rating_update_ranked(int n, const struct rating *in, const int *rank,
    struct rating *out)
{
	struct rating	 old[RATING_MAX_PLAYERS], opp[RATING_MAX_PLAYERS];
	double		 score[RATING_MAX_PLAYERS];
	int		 i, j, m;

	if (n < 2 || n > RATING_MAX_PLAYERS)
		return -1;
	for (i = 0; i < n; i++) {
		if (rank[i] < 1)
			return -1;
		old[i] = in[i];
	}
	for (i = 0; i < n; i++) {
		m = 0;
		for (j = 0; j < n; j++) {
			if (j == i)
				continue;
			opp[m] = old[j];
			if (rank[i] < rank[j])
				score[m] = 1.0;
			else if (rank[i] > rank[j])
				score[m] = 0.0;
			else
				score[m] = 0.5;
			m++;
		}
		rating_period(&old[i], m, opp, score, &out[i]);
	}
	return 0;
}
