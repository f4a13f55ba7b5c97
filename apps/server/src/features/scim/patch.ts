// PATCH operations (RFC 7644 §3.5.2) in the shapes Okta and Microsoft Entra send: Okta writes `op` in lower case and
// often leaves `path` out, putting the attributes in `value` (`{"op":"replace","value":{"active":false}}`); Entra
// capitalises (`"Replace"`), names a path (`"path":"active","value":"False"`, `name.givenName`,
// `emails[type eq "work"].value`), and removes group members by value (`"path":"members","value":[{"value":id}]`)
// where Okta uses a filtered path (`members[value eq "id"]`). Attributes Referwell does not keep (title, locale, the
// enterprise extension…) are accepted and ignored, so a provider's full profile does not fail the sync.
import { scimError } from './errors';

export interface PatchOperation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

export interface UserPatch {
  email?: string;
  externalId?: string | null;
  active?: boolean;
  displayName?: string;
  givenName?: string;
  familyName?: string;
}

const USER_URN = /^urn:ietf:params:scim:schemas:core:2\.0:user:/;

function opName(op: string) {
  const name = op.toLowerCase();
  if (name !== 'add' && name !== 'replace' && name !== 'remove')
    throw scimError(400, `Unknown PATCH operation: ${op.slice(0, 20)}.`, 'invalidSyntax');
  return name;
}

function booleanOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimError(400, 'active must be true or false.', 'invalidValue');
}

function stringOf(value: unknown, attribute: string): string {
  if (typeof value === 'string' && value.length <= 500) return value;
  throw scimError(400, `${attribute} must be a string.`, 'invalidValue');
}

function setUserAttribute(patch: UserPatch, path: string, value: unknown, remove: boolean) {
  const key = path.toLowerCase().replace(USER_URN, '');
  switch (key) {
    case 'active':
      if (remove) throw scimError(400, 'active cannot be removed.', 'mutability');
      patch.active = booleanOf(value);
      return;
    case 'username':
      if (remove) throw scimError(400, 'userName cannot be removed.', 'mutability');
      patch.email = stringOf(value, 'userName');
      return;
    case 'externalid':
      patch.externalId = remove || value === null ? null : stringOf(value, 'externalId');
      return;
    case 'displayname':
      if (!remove) patch.displayName = stringOf(value, 'displayName');
      return;
    case 'name.givenname':
      if (!remove) patch.givenName = stringOf(value, 'name.givenName');
      return;
    case 'name.familyname':
      if (!remove) patch.familyName = stringOf(value, 'name.familyName');
      return;
    case 'name.formatted':
      if (!remove) patch.displayName = stringOf(value, 'name.formatted');
      return;
    case 'name':
      if (!remove && value && typeof value === 'object') {
        for (const [sub, v] of Object.entries(value as Record<string, unknown>))
          setUserAttribute(patch, `name.${sub}`, v, false);
      }
      return;
    default:
      // Attributes Referwell does not keep: accepted and ignored.
      return;
  }
}

/** The user attributes a list of operations sets. */
export function applyUserPatch(operations: PatchOperation[]): UserPatch {
  const patch: UserPatch = {};
  for (const operation of operations) {
    const op = opName(operation.op);
    if (operation.path) {
      setUserAttribute(patch, operation.path, operation.value, op === 'remove');
    } else {
      if (op === 'remove') throw scimError(400, 'A remove operation needs a path.', 'noTarget');
      if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
        throw scimError(400, 'An operation without a path needs an object value.', 'invalidValue');
      for (const [key, value] of Object.entries(operation.value as Record<string, unknown>))
        setUserAttribute(patch, key, value, false);
    }
  }
  return patch;
}

export interface GroupPatch {
  displayName?: string;
  externalId?: string | null;
  add: string[];
  remove: string[];
  /** `replace members` (or `remove members` with no value): the members are exactly `add` afterwards. */
  replaceAll: boolean;
}

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item) => {
    const id = item && typeof item === 'object' ? (item as { value?: unknown }).value : undefined;
    if (typeof id !== 'string') throw scimError(400, 'Each member needs a value (the user’s id).', 'invalidValue');
    return id;
  });
}

/** The group changes a list of operations makes. */
export function applyGroupPatch(operations: PatchOperation[]): GroupPatch {
  const patch: GroupPatch = { add: [], remove: [], replaceAll: false };
  for (const operation of operations) {
    const op = opName(operation.op);
    const path = operation.path?.trim();
    const filtered = path ? MEMBER_FILTER.exec(path) : null;
    if (filtered) {
      if (op !== 'remove') throw scimError(400, 'Only remove takes a filtered members path.', 'invalidPath');
      patch.remove.push(filtered[1]!);
    } else if (path?.toLowerCase() === 'members') {
      const ids = memberIds(operation.value);
      if (op === 'add') patch.add.push(...ids);
      else if (op === 'replace' || ids.length === 0) {
        patch.replaceAll = true;
        patch.add = ids;
        patch.remove = [];
      } else patch.remove.push(...ids);
    } else if (path?.toLowerCase() === 'displayname') {
      if (op !== 'remove') patch.displayName = stringOf(operation.value, 'displayName');
    } else if (path?.toLowerCase() === 'externalid') {
      patch.externalId = op === 'remove' ? null : stringOf(operation.value, 'externalId');
    } else if (!path) {
      const value = operation.value as Record<string, unknown> | undefined;
      if (!value || typeof value !== 'object')
        throw scimError(400, 'An operation without a path needs an object value.', 'invalidValue');
      if (typeof value.displayName === 'string') patch.displayName = value.displayName;
      if ('externalId' in value)
        patch.externalId = value.externalId === null ? null : stringOf(value.externalId, 'externalId');
      if ('members' in value) {
        patch.replaceAll = op === 'replace';
        patch.add = [...(op === 'replace' ? [] : patch.add), ...memberIds(value.members)];
      }
    }
  }
  patch.remove = patch.remove.filter((id) => !patch.add.includes(id));
  return patch;
}
