import { Store } from '@/sandbox/store';
const store = new Store();
console.log(JSON.stringify(store.getComment(400047873)));
