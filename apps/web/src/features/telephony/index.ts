/** The phone system in the browser: the screen pops (decision 075). */
export { ScreenPopListener } from './components/ScreenPopListener';
export { PhoneNumber } from './components/PhoneNumber';
export { NextCallDial } from './components/NextCallDial';
