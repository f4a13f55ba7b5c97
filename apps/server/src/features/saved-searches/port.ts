// The saved-searches feature's port: what other features may use of it, and no more.
// - mail (one-click unsubscribe): a job alert's link switches that saved search's alerts off (turnOffSearchAlert).
export { turnOffSearchAlert } from './service';
