/** What every account shows of itself: its name and contact details. */
export interface PersonContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  profileImg: string | null;
}

/** Just the contact fields of anything that has them (an account, a profile, an edit): copied between the copies kept of it. */
export function contactOf(person: PersonContact): PersonContact {
  const { firstName, lastName, email, phoneNumber, address, profileImg } = person;
  return { firstName, lastName, email, phoneNumber, address, profileImg };
}
