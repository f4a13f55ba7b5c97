// One file per feature; this index is what drizzle-kit and the client see.
export * from './auth';
export * from './companies';
export * from './jobs';
export * from './messaging';
export * from './pipeline';
export * from './referrals';
export * from './waitlist';
export * from './talent';
export * from './settings';
export * from './storage';
export * from './mail';
export * from './audit';
export * from './account-data';
export * from './searches';
export * from './job-crawls';
export * from './billing';
export * from './payees';
