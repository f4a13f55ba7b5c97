/**
 * The talent feature's port: the only part of features/talent another feature may import (eslint.config.js).
 * Used by: dashboard (the job seeker's kudos and kudos-request cards).
 */
export { KudosCard, KudosRequestCard } from './kudos-parts';
