/**
 * The analytics feature's port: the only part of features/analytics another feature may import (eslint.config.js).
 * Used by: referrals (the company's bonus policy, shown when referring), dashboard (the referrer leaderboard card;
 * the admin's home shows the company's programme).
 */
export { bonusPolicyQueryOptions } from './api';
export { LeaderboardCard } from './leaderboard';
export { ProgrammeCard } from './programme-card';
