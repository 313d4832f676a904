/** The contact form's field limits; plain numbers, so the form can show them before its schema loads. */
export const CONTACT_NAME_MAX = 120
export const CONTACT_SUBJECT_MAX = 200
export const CONTACT_MESSAGE_MAX = 5_000
