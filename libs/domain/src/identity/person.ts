/** What every account shows of itself: its name and contact details. */
export interface PersonContact {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  profileImg: string | null;
}
