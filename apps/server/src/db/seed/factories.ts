import { Faker, en } from '@faker-js/faker';
import type { JoinWaitlistRequest, WaitlistRole } from '@referwell/shared';

/**
 * Deterministic builders for demo data and tests. Each factory has its own faker with a
 * fixed seed, so the same calls give the same data; a counter keeps e-mails unique.
 */
export function createFactories(seed = 20261121) {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  let sequence = 0;
  const next = () => ++sequence;

  const uniqueEmail = (name: string) =>
    `${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')
      .replace(/^\.|\.$/g, '')}.${next()}@example.com`;

  return {
    faker,
    waitlistEntry(overrides: Partial<JoinWaitlistRequest> = {}): JoinWaitlistRequest {
      const name = overrides.name ?? faker.person.fullName();
      const role: WaitlistRole = overrides.role ?? faker.helpers.arrayElement(['jobseeker', 'referrer', 'company']);
      return { name, email: overrides.email ?? uniqueEmail(name), role };
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
