/** The certificate pages; the edited template's id is in the query (`?id=`). */
export const CERTIFICATES_PATH = '/home/certificate';
export const ADD_CERTIFICATE_PATH = '/home/certificate/add';
export const EDIT_CERTIFICATE_PATH = '/home/certificate/edit';
export const editCertificatePath = (id: string) => `${EDIT_CERTIFICATE_PATH}?id=${encodeURIComponent(id)}`;
