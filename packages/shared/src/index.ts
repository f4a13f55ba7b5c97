export * from './constants';
export * from './schemas/common';
export * from './schemas/health';
export * from './schemas/waitlist';
