import { mayAddPincodeWithOutlet } from '@adloop/contract/permissions';
import { INDIAN_STATES, type Pincode } from '@adloop/contract/pincodes';
import type { Role } from '@adloop/contract/roles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pincodes } from '../../db/schema.ts';
import { badRequest, fieldError } from '../../lib/http-error.ts';

/** Where an outlet is, as a create or an edit gives it: undefined leaves a field as it is. */
export interface PlaceInput {
  pincode?: string | null;
  city?: string | null;
  state?: string | null;
}

/** The pincode and city to save on the outlet; undefined leaves them as they are. */
export interface Place {
  pincode?: string | null;
  city?: string | null;
}

const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const sameName = (a: string, b: string) => folded(a) === folded(b);
/** "tamil nadu" is saved as the state's own spelling; a name not on the list is saved as typed. */
const stateName = (state: string) => INDIAN_STATES.find((known) => sameName(known, state)) ?? state;

async function findPincode(tx: Database, code: string): Promise<Pincode | undefined> {
  const [row] = await tx.select().from(pincodes).where(eq(pincodes.code, code));
  return row ? { code: row.code, city: row.city, state: row.state } : undefined;
}

async function addPincode(tx: Database, role: Role, code: string, city?: string | null, state?: string | null) {
  if (!mayAddPincodeWithOutlet(role)) {
    throw fieldError('pincode', `Pincode ${code} is not in AdLoop yet; an AdLoop admin adds it under Pincodes`);
  }
  const missing = [city ? undefined : 'city', state ? undefined : 'state'].filter((field) => field !== undefined);
  if (missing.length > 0) {
    const message = `Pincode ${code} is new to AdLoop: give its ${missing.join(' and ')}`;
    throw badRequest(
      message,
      missing.map((path) => ({ path, message })),
    );
  }
  // Someone else adding the same pincode at this moment wins; theirs is then checked like any known one.
  const [row] = await tx
    .insert(pincodes)
    .values({ code, city: city!, state: stateName(state!) })
    .onConflictDoNothing()
    .returning();
  return row ? { code: row.code, city: row.city, state: row.state } : (await findPincode(tx, code))!;
}

/** A known pincode keeps its city and state: a different one given with it is a mistake, named. */
function assertSamePlace(pincode: Pincode, city?: string | null, state?: string | null) {
  const where = `Pincode ${pincode.code} is in ${pincode.city}, ${pincode.state}`;
  if (city && !sameName(city, pincode.city)) {
    throw fieldError('city', `${where}, not ${city.trim()}: leave the city as ${pincode.city} or check the pincode`);
  }
  if (state && !sameName(state, pincode.state)) {
    throw fieldError('state', `${where}, not ${state.trim()}: check the pincode`);
  }
}

/**
 * The pincode and city an outlet is saved with, inside the transaction that saves it. A known
 * pincode sets the city; an unknown one is added with the city and state given, so that both
 * are written or neither is. `currentPincode` is the outlet's pincode before an edit.
 */
export async function placeOf(
  tx: Database,
  role: Role,
  input: PlaceInput,
  currentPincode: string | null = null,
): Promise<Place> {
  const code = input.pincode === undefined ? currentPincode : input.pincode;
  if (!code) {
    if (input.state) throw fieldError('state', 'A state is kept with its pincode: give the pincode too');
    return { pincode: input.pincode, city: input.city };
  }
  const known = await findPincode(tx, code);
  const pincode = known ?? (await addPincode(tx, role, code, input.city, input.state));
  assertSamePlace(pincode, input.city, input.state);
  const placeChanged = input.pincode !== undefined || input.city !== undefined;
  return {
    pincode: input.pincode === undefined ? undefined : pincode.code,
    city: placeChanged ? pincode.city : undefined,
  };
}
