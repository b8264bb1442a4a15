import { linkTool } from './define.ts';

/** Change or reset the password: leads to the password page. */
export default linkTool('change_password', 'Change or reset the password: leads to the password page.');
