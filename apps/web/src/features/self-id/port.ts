/**
 * The self-id feature's port: the only part of features/self-id another feature may import (eslint.config.js).
 * Used by: jobs (the voluntary self-identification step after applying, in the apply dialog).
 */
export { SelfIdStep } from './self-id-step';
