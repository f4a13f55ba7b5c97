// The self-identification feature's port: what other features may use of it, and no more.
// - account: a person's data export includes their own answers (ownSelfIdAnswers); erasing the account removes them
//   (eraseSelfIdAnswers), as does a company's retention expiry (same erasure path).
export { eraseSelfIdAnswers, ownSelfIdAnswers } from './service';
